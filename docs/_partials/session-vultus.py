def vultus(method, path, body=None):
    """Calls the Vultus API with the secret key; raises the API's error object as a message."""
    headers = {"Authorization": f"Bearer {os.environ['VULTUS_SECRET_KEY']}"}
    if body is not None:
        headers["Idempotency-Key"] = str(uuid.uuid4())  # reuse it when you retry the same request
    # Called inside a webhook's claim too: a call slower than 8 s fails, so the delivery is answered
    # (500, and retried) well within the %{limits.webhooks.timeout_seconds} s Vultus waits.
    response = requests.request(method, f"{API}{path}", headers=headers, json=body, timeout=8)
    if not response.ok:
        error = response.json()["error"]
        raise RuntimeError(f"{error['code']}: {error['message']} ({error['request_id']})")
    return response.json()
