#!/usr/bin/env bash
# Creates a private CA and a serving certificate for the injector, stores them in the Secret
# agent-guard-injector-tls and patches the webhook's caBundle. For the plain manifests only: the
# Helm chart generates these itself, and cert-manager users skip this script.
# Usage: deploy/scripts/webhook-certs.sh [NAMESPACE] [DAYS]
set -euo pipefail
namespace="${1:-agent-guard}"
days="${2:-3650}"
service="agent-guard-injector"
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT

openssl req -x509 -newkey rsa:2048 -nodes -days "$days" -subj "/CN=${service}-ca" \
  -keyout "$dir/ca.key" -out "$dir/ca.crt" 2>/dev/null
openssl req -newkey rsa:2048 -nodes -subj "/CN=${service}.${namespace}.svc" \
  -keyout "$dir/tls.key" -out "$dir/tls.csr" 2>/dev/null
printf 'subjectAltName=DNS:%s,DNS:%s.%s,DNS:%s.%s.svc,DNS:%s.%s.svc.cluster.local\n' \
  "$service" "$service" "$namespace" "$service" "$namespace" "$service" "$namespace" > "$dir/san.ext"
openssl x509 -req -in "$dir/tls.csr" -CA "$dir/ca.crt" -CAkey "$dir/ca.key" -CAcreateserial \
  -days "$days" -extfile "$dir/san.ext" -out "$dir/tls.crt" 2>/dev/null

kubectl -n "$namespace" create secret generic agent-guard-injector-tls \
  --type=kubernetes.io/tls \
  --from-file=tls.crt="$dir/tls.crt" --from-file=tls.key="$dir/tls.key" --from-file=ca.crt="$dir/ca.crt" \
  --dry-run=client -o yaml | kubectl apply -f -

ca_bundle="$(base64 < "$dir/ca.crt" | tr -d '\n')"
kubectl patch mutatingwebhookconfiguration agent-guard --type=json -p "[
  {\"op\":\"add\",\"path\":\"/webhooks/0/clientConfig/caBundle\",\"value\":\"${ca_bundle}\"},
  {\"op\":\"add\",\"path\":\"/webhooks/1/clientConfig/caBundle\",\"value\":\"${ca_bundle}\"}
]"
echo "injector certificate installed in ${namespace}; webhook caBundle patched"
