// Acts on a webhook event once. Claims the event id before acting, so a second delivery of the
// event does not act too; marks it done when act() succeeds; releases the claim when act() throws,
// so Vultus's retry of the event acts on it. Returns the status to answer the delivery with.
async function processOnce(eventId, act) {
  const state = eventStates.get(eventId);
  if (state === 'done') return 200; // A repeat: acknowledge it, do not act again.
  if (state === 'processing') return 409; // Another delivery is acting on it: Vultus retries this one later.
  eventStates.set(eventId, 'processing'); // The claim. In a database: an INSERT that fails on a taken id.
  try {
    await act();
  } catch (error) {
    eventStates.delete(eventId); // Released: the retry of this event claims it again.
    throw error;
  }
  eventStates.set(eventId, 'done');
  return 200;
}
