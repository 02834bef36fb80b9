T=$(printf '%s' "$SIGNATURE" | sed -E 's/.*t=([0-9]+).*/\1/')
V1=$(printf '%s' "$SIGNATURE" | sed -E 's/.*v1=([0-9a-f]+).*/\1/')
EXPECTED=$( (printf '%s.' "$T"; cat event.json) | openssl dgst -sha256 -hmac "$VULTUS_WEBHOOK_SECRET" | awk '{print $NF}')
AGE=$(( $(date +%s) - T ))
