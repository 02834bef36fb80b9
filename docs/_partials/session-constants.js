const API = 'https://api.vultus.example/v1';
const TOLERANCE_SECONDS = %{limits.webhooks.signature_tolerance_seconds};
// Each webhook event's state: 'processing' while a delivery acts on it, 'done' once it succeeded.
// In production, a table with the event id as its primary key (see processOnce).
const eventStates = new Map();
