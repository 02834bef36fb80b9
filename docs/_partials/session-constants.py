API = "https://api.vultus.example/v1"
TOLERANCE_SECONDS = %{limits.webhooks.signature_tolerance_seconds}
# Each webhook event's (state, claimed_at): "processing" while a delivery acts on it, "done" once it
# succeeded. In production, a table with the event id as its primary key and a claimed_at column
# (see process_once).
event_states = {}
event_states_lock = threading.Lock()
