def process_once(event_id, act):
    """Acts on a webhook event once. Claims the event id before acting, so a second delivery of the
    event does not act too; marks it done when act() succeeds; releases the claim when act() raises,
    so Vultus's retry of the event acts on it. Returns the status to answer the delivery with."""
    with event_states_lock:
        state = event_states.get(event_id)
        if state == "done":
            return 200  # A repeat: acknowledge it, do not act again.
        if state == "processing":
            return 409  # Another delivery is acting on it: Vultus retries this one later.
        event_states[event_id] = "processing"  # The claim. In a database: an INSERT that fails on a taken id.
    try:
        act()
    except Exception:
        with event_states_lock:
            del event_states[event_id]  # Released: the retry of this event claims it again.
        raise
    with event_states_lock:
        event_states[event_id] = "done"
    return 200
