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

{{- define "agent-guard.image" -}}
{{- printf "%s:%s" .Values.image.repository (default .Chart.AppVersion .Values.image.tag) -}}
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
