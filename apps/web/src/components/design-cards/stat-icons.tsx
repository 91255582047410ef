import { Icon } from '@/components/ui/Icon.tsx';

/** Small stroke icons for the card counters, sized to sit beside the numbers. */
const SIZE = 16;

export const ViewsIcon = () => (
  <Icon size={SIZE}>
    <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
  </Icon>
);

export const LikesIcon = () => (
  <Icon size={SIZE}>
    <path d="M12 20s-7.5-4.6-9.3-9.2C1.5 7.6 3.6 4.5 6.9 4.5c2 0 3.4 1.1 5.1 3 1.7-1.9 3.1-3 5.1-3 3.3 0 5.4 3.1 4.2 6.3C19.5 15.4 12 20 12 20z" />
  </Icon>
);

export const DownloadsIcon = () => (
  <Icon size={SIZE}>
    <path d="M12 4v11" />
    <path d="m7 10 5 5 5-5" />
    <path d="M4 20h16" />
  </Icon>
);
