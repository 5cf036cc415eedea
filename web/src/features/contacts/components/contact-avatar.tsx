import { Icon } from '@blueprintjs/core';

export function ContactAvatar({ url, size = 32 }: { url?: string | null; size?: number }) {
  return (
    <span className="contact-avatar" style={{ width: size, height: size }}>
      {url ? <img src={url} alt="" /> : <Icon icon="person" size={size * 0.55} />}
    </span>
  );
}
