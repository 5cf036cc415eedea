import { Button, Menu, MenuItem, PopoverNext } from '@blueprintjs/core';
import { type TKey, useT } from '../../../lib/i18n.ts';
import type { TicketOrder } from '../lib/ticket-list-reducer.ts';

const ORDERS: { order: TicketOrder; label: TKey; short: TKey }[] = [
  { order: 'recent', label: 'sla.orderRecent', short: 'sla.orderRecentShort' },
  { order: 'slaDue', label: 'sla.orderSlaDue', short: 'sla.orderSlaDueShort' },
];

/** The open and pending lists' order (issue 24): a small button in the filter row, the full names in its menu. */
export function TicketOrderPicker({
  value,
  onChange,
}: {
  value: TicketOrder;
  onChange: (o: TicketOrder) => void;
}) {
  const t = useT();
  const current = ORDERS.find((o) => o.order === value) ?? ORDERS[0];
  return (
    <PopoverNext
      placement="bottom-start"
      content={
        <Menu data-testid="ticket-order-menu">
          {ORDERS.map((o) => (
            <MenuItem
              key={o.order}
              text={t(o.label)}
              icon={o.order === value ? 'tick' : 'blank'}
              onClick={() => onChange(o.order)}
              data-testid={`ticket-order-${o.order}`}
            />
          ))}
        </Menu>
      }
    >
      <Button
        size="small"
        variant="outlined"
        icon="sort"
        endIcon="caret-down"
        title={`${t('sla.order')}: ${t(current.label)}`}
        data-testid="ticket-order"
        data-order={value}
      >
        {t(current.short)}
      </Button>
    </PopoverNext>
  );
}
