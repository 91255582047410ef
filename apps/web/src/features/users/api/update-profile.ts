import type { SocialLinks } from '@printmarket/shared/auth';
import type { CurrentUser } from '@printmarket/shared/types';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';

export type UpdateProfileInput = {
  bio?: string;
  location?: string;
  /** Only when it changed: the server allows one username change. */
  username?: string;
  socialLinks?: SocialLinks;
  profilePicture?: File | null;
  bannerImage?: File | null;
};

export type UpdateProfileResponse = { message: string; user: CurrentUser };

/** The multipart body of PUT /api/user/update-profile; fields left undefined are not sent. */
export function toProfileFormData(input: UpdateProfileInput): FormData {
  const body = new FormData();
  if (input.bio !== undefined) body.append('bio', input.bio);
  if (input.location !== undefined) body.append('location', input.location);
  if (input.username !== undefined) body.append('username', input.username);
  if (input.socialLinks !== undefined) body.append('socialLinks', JSON.stringify(input.socialLinks));
  if (input.profilePicture) body.append('profilePicture', input.profilePicture);
  if (input.bannerImage) body.append('bannerImage', input.bannerImage);
  return body;
}

/** PUT /api/user/update-profile: saves the signed-in person's profile and answers the new user. */
export function updateProfile(input: UpdateProfileInput): Promise<UpdateProfileResponse> {
  return apiFetch<UpdateProfileResponse>('/api/user/update-profile', {
    method: 'PUT',
    body: toProfileFormData(input),
  });
}

export function useUpdateProfileMutation() {
  return useMutation({ mutationFn: updateProfile });
}
