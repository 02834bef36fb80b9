# The session each user is capturing (your user id -> session id); keep it in your database.
current_session = {}


def new_client_token(user_id):
    """A new client token for the user's current session, for the GUI's refreshToken: the first
    token expires after %{limits.client_token_lifetime_seconds.default} s, and a slow capture can outlast it."""
    token = vultus("POST", "/client-tokens", {
        "session_id": current_session[user_id],
        "allowed_origins": ["https://app.brightloan.example"],
    })
    return {"clientToken": token["id"]}
