def verify_signature(header, raw_body):
    """Checks Vultus-Signature (t=<unix seconds>,v1=<hex>) against the raw bytes of the body."""
    fields = dict(f.strip().split("=", 1) for f in (header or "").split(",") if "=" in f)
    try:
        t = int(fields["t"])
    except (KeyError, ValueError):
        return False
    if abs(time.time() - t) > TOLERANCE_SECONDS:
        return False
    secret = os.environ["VULTUS_WEBHOOK_SECRET"].encode()
    expected = hmac.new(secret, f"{t}.".encode() + raw_body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected.encode(), fields.get("v1", "").encode())
