import { Icon } from '@blueprintjs/core';
import { ackMark } from '../lib/ack-mark.ts';

/** Clock while queued, one check when sent, two when delivered, two blue ones when read/played. */
export function AckIcon({ ack }: { ack: number }) {
  const mark = ackMark(ack);
  if (mark === 'queued') return <Icon icon="time" size={12} className="ack ack-queued" data-ack={ack} />;
  if (mark === 'sent') return <Icon icon="small-tick" size={14} className="ack ack-sent" data-ack={ack} />;
  return (
    <span className={`ack ack-double ack-${mark}`} data-ack={ack}>
      <Icon icon="small-tick" size={14} />
      <Icon icon="small-tick" size={14} />
    </span>
  );
}
