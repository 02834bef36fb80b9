CLAIM_TIMEOUT_SECONDS = %{limits.webhooks.timeout_seconds}


def process_once(event_id, act):
    """Acts on a webhook event once. Claims the event id before acting, so a second delivery of the
    event does not act too; marks it done when act() succeeds; releases the claim when act() raises,
    so Vultus's retry of the event acts on it. A claim older than the delivery timeout counts as
    released: the delivery that took it has been cut off, and its worker may have died. Returns the
    status to answer the delivery with."""
    with event_states_lock:
        state, claimed_at = event_states.get(event_id, (None, 0.0))
        if state == "done":
            return 200  # A repeat: acknowledge it, do not act again.
        if state == "processing" and time.monotonic() - claimed_at < CLAIM_TIMEOUT_SECONDS:
            return 409  # Another delivery is acting on it: Vultus retries this one later.
        # The claim. In a database: an INSERT that fails on a taken id, or an UPDATE of a claim
        # whose claimed_at is older than the timeout.
        event_states[event_id] = ("processing", time.monotonic())
    try:
        act()
    except Exception:
        with event_states_lock:
            del event_states[event_id]  # Released: the retry of this event claims it again.
        raise
    with event_states_lock:
        event_states[event_id] = ("done", 0.0)
    return 200
