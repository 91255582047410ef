/** Texts of the profile screens and follow calls; quoted ones are verbatim (docs/product.md#messages). */
export const SOCIAL_MSG = {
  failedFetchProfile: 'Failed to fetch profile',
  failedFetchUserProfile: 'Failed to fetch user profile',
  noLocation: 'No location set',
  noBio: 'No bio available',
  userNotFound: 'User not found',
  usernameChanged: 'This person has a new username.',
  cannotFollowSelf: 'You cannot follow yourself.',
  cannotUnfollowSelf: 'You cannot unfollow yourself.',
  followSignIn: 'Please sign in to follow people.',
  failedFollow: 'Failed to update follow',
} as const;
