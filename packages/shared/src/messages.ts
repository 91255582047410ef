/**
 * User-facing texts of the product (docs/product.md#messages). They are used verbatim on both sides,
 * so they live in one place.
 */
export const MSG = {
  usernameChars: 'Username can only contain letters and numbers.',
  passwordsDiffer: 'Passwords do not match',
  failedLogin: 'Failed to login',
  failedRegister: 'Failed to register',
  failedLogout: 'Failed to logout',
  failedUpdateProfile: 'Failed to update profile',
  failedFetchUser: 'Failed to fetch user data',
  failedFetchStats: 'Failed to fetch user stats',
  failedSignIn: 'Failed to sign in',
  failedSignInGoogle: 'Failed to sign in with Google',
  failedCreateAccount: 'Failed to create account',
  failedSignUpGoogle: 'Failed to sign up with Google',
  tokenNotReceived: 'Token not received from server.',
  notLoggedInSetup: 'You are not logged in. Please log in first.',
  noTokenFound: 'No token found',
  somethingWrong: 'Something went wrong',
  failedFetchDesigns: 'Failed to fetch designs',
  noModelsFound: 'No models found',
  noDescription: 'No description available',
  notAuthorized: 'Not authorized',
} as const;
