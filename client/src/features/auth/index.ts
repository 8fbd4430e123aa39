/** The public surface of this feature: other features import only from here. */
export { AuthApiError, authApi } from './auth-api.js';
export { getAccessToken, refreshAuth, setAccessToken, signOut, useAuthStatus, useIsLoggedIn } from './auth-store.js';
export { EmailField, PasswordField } from './components/auth-fields.js';
