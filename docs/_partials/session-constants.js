const API = 'https://api.vultus.example/v1';
const TOLERANCE_SECONDS = %{limits.webhooks.signature_tolerance_seconds};
const processedEvents = new Set(); // In production, keep processed event ids in your database.
