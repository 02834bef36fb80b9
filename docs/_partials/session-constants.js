const API = 'https://api.vultus.example/v1';
const TOLERANCE_SECONDS = %{limits.webhooks.signature_tolerance_seconds};
// Each webhook event's state: 'processing' (with the time of the claim) while a delivery acts on it,
// 'done' once it succeeded. In production, a table with the event id as its primary key and a
// claimed_at column (see processOnce).
const eventStates = new Map();
