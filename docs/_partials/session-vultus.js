// Calls the Vultus API with the secret key; throws the API's error object as a message.
async function vultus(method, path, body) {
  const response = await fetch(`${API}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${process.env.VULTUS_SECRET_KEY}`,
      // Reuse the same key when you retry the same request.
      ...(body && {'Content-Type': 'application/json', 'Idempotency-Key': randomUUID()}),
    },
    body: body && JSON.stringify(body),
    // Called inside a webhook's claim too: a call slower than 8 s fails, so the delivery is answered
    // (500, and retried) well within the %{limits.webhooks.timeout_seconds} s Vultus waits.
    signal: AbortSignal.timeout(8000),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`${json.error.code}: ${json.error.message} (${json.error.request_id})`);
  return json;
}
