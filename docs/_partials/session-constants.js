const API = 'https://api.vultus.example/v1';
const TOLERANCE_SECONDS = 300;
const processedEvents = new Set(); // In production, keep processed event ids in your database.
