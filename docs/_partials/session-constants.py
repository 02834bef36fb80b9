API = "https://api.vultus.example/v1"
TOLERANCE_SECONDS = 300
processed_events = set()  # In production, keep processed event ids in your database.
