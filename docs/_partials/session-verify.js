// Checks Vultus-Signature (t=<unix seconds>,v1=<hex>) against the raw bytes of the body.
function verifySignature(header, rawBody) {
  const fields = Object.fromEntries(String(header ?? '').split(',').map((field) => field.trim().split('=')));
  const t = Number(fields.t);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > TOLERANCE_SECONDS) return false;
  const expected = createHmac('sha256', process.env.VULTUS_WEBHOOK_SECRET)
    .update(`${t}.`)
    .update(rawBody)
    .digest();
  const received = Buffer.from(fields.v1 ?? '', 'hex');
  return received.length === expected.length && timingSafeEqual(received, expected);
}
