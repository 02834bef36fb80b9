API = "https://api.vultus.example/v1"
TOLERANCE_SECONDS = %{limits.webhooks.signature_tolerance_seconds}
processed_events = set()  # In production, keep processed event ids in your database.
