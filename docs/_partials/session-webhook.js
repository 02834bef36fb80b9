const rawBody = await readRawBody(request); // the raw bytes, before any JSON parsing
if (!verifySignature(request.headers['vultus-signature'], rawBody)) {
  response.writeHead(400).end();
  return;
}
const event = JSON.parse(rawBody.toString('utf8'));
