if not verify_signature(self.headers.get("Vultus-Signature"), raw_body):
    self.reply(400)
    return
event = json.loads(raw_body)
