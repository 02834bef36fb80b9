// Acts on a webhook event once. Claims the event id before acting, so a second delivery of the
// event does not act too; marks it done when act() succeeds; releases the claim when act() throws,
// so Vultus's retry of the event acts on it. A claim older than the delivery timeout counts as
// released: the delivery that took it has been cut off, and its worker may have died. Returns the
// status to answer the delivery with.
const claimTimeoutMs = %{limits.webhooks.timeout_seconds} * 1000;
async function processOnce(eventId, act) {
  const entry = eventStates.get(eventId);
  if (entry?.state === 'done') return 200; // A repeat: acknowledge it, do not act again.
  if (entry?.state === 'processing' && Date.now() - entry.claimedAt < claimTimeoutMs) {
    return 409; // Another delivery is acting on it: Vultus retries this one later.
  }
  // The claim. In a database: an INSERT that fails on a taken id, or an UPDATE of a claim whose
  // claimed_at is older than the timeout.
  eventStates.set(eventId, {state: 'processing', claimedAt: Date.now()});
  try {
    await act();
  } catch (error) {
    eventStates.delete(eventId); // Released: the retry of this event claims it again.
    throw error;
  }
  eventStates.set(eventId, {state: 'done'});
  return 200;
}
