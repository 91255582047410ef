import { IMAGE_TYPES_TEXT } from '@printmarket/shared/constants';
import { ImagePicker } from '@/components/form/ImagePicker.tsx';

type PicturePickerProps = {
  /** The picture the profile has now (shown until another is chosen). */
  current: string | null;
  file: File | null;
  onChange(file: File | null): void;
  error?: string | null;
  disabled?: boolean;
};

/** The optional profile picture, in Set up profile and Edit Profile. */
export function PicturePicker(props: PicturePickerProps) {
  return (
    <ImagePicker
      {...props}
      legend="Profile picture"
      optional
      noun="picture"
      shape="avatar"
      hint={`${IMAGE_TYPES_TEXT}, up to 10 MB.`}
    />
  );
}
