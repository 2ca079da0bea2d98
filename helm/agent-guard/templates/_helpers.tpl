{{/* Chart name, truncated to the 63 characters label values allow. */}}
{{- define "agent-guard.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* Resource name prefix: release-chart unless overridden. */}}
{{- define "agent-guard.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- $name := default .Chart.Name .Values.nameOverride -}}
{{- if contains $name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{/* Standard app.kubernetes.io labels. part-of=agent-guard also tells the injector to skip these pods. */}}
{{- define "agent-guard.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" }}
app.kubernetes.io/name: {{ include "agent-guard.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/part-of: agent-guard
{{- end -}}

{{- define "agent-guard.selectorLabels" -}}
app.kubernetes.io/name: {{ include "agent-guard.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}

{{/* repository@digest when a digest is pinned, else repository:tag (the chart's appVersion by default). */}}
{{- define "agent-guard.image" -}}
{{- if .Values.image.digest -}}
{{- printf "%s@%s" .Values.image.repository .Values.image.digest -}}
{{- else -}}
{{- printf "%s:%s" .Values.image.repository (default .Chart.AppVersion .Values.image.tag) -}}
{{- end -}}
{{- end -}}

{{/*
Native sidecars (restartPolicy: Always init containers) are on by default from Kubernetes 1.29;
"auto" derives the setting from the cluster's version (helm template: --kube-version). The
injector also reads the API server's version at start and turns them off below 1.29.
*/}}
{{- define "agent-guard.nativeSidecar" -}}
{{- if eq (toString .Values.sidecar.nativeSidecar) "auto" -}}
{{- semverCompare ">=1.29.0-0" .Capabilities.KubeVersion.Version -}}
{{- else -}}
{{- .Values.sidecar.nativeSidecar -}}
{{- end -}}
{{- end -}}

{{- define "agent-guard.injectorPriorityClassName" -}}
{{- if .Values.injector.priorityClassName -}}
{{- .Values.injector.priorityClassName -}}
{{- else if .Values.injector.priorityClass.create -}}
{{- include "agent-guard.injectorName" . -}}
{{- end -}}
{{- end -}}

{{- define "agent-guard.injectorName" -}}
{{- printf "%s-injector" (include "agent-guard.fullname" .) | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "agent-guard.gatewayName" -}}
{{- printf "%s-gateway" (include "agent-guard.fullname" .) | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "agent-guard.tlsSecretName" -}}
{{- printf "%s-injector-tls" (include "agent-guard.fullname" .) | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "agent-guard.signingKeySecretName" -}}
{{- default .Values.signingKey.name .Values.signingKey.existingSecret -}}
{{- end -}}

{{/* Restrictive container security context shared by every agent-guard container. */}}
{{- define "agent-guard.containerSecurityContext" -}}
runAsNonRoot: true
runAsUser: 10001
runAsGroup: 10001
readOnlyRootFilesystem: true
allowPrivilegeEscalation: false
privileged: false
capabilities:
  drop: ["ALL"]
seccompProfile:
  type: RuntimeDefault
{{- end -}}
