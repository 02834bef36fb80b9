// The session each user is capturing (your user id -> session id); keep it in your database.
const currentSession = new Map();

// A new client token for the user's current session, for the GUI's refreshToken: the first token
// expires after %{limits.client_token_lifetime_seconds.default} s, and a slow capture can outlast it.
async function newClientToken(userId) {
  const token = await vultus('POST', '/client-tokens', {
    session_id: currentSession.get(userId),
    allowed_origins: ['https://app.brightloan.example'],
  });
  return {clientToken: token.id};
}
