import { Button, Menu, MenuItem, PopoverNext } from '@blueprintjs/core';

export interface MultiSelectOption {
  id: string;
  name: string;
  color?: string;
}

interface Props {
  label: string;
  options: MultiSelectOption[];
  selected: string[];
  onChange: (selected: string[]) => void;
  testId?: string;
}

/** A button listing what is picked, opening a menu of checkable options (no @blueprintjs/select). */
export function MultiSelect({ label, options, selected, onChange, testId }: Props) {
  const toggle = (id: string) =>
    onChange(selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id]);
  return (
    <PopoverNext
      placement="bottom-start"
      content={
        <Menu data-testid={testId && `${testId}-menu`}>
          {options.map((o) => (
            <MenuItem
              key={o.id}
              text={o.name}
              icon={selected.includes(o.id) ? 'tick' : 'blank'}
              labelElement={
                o.color ? <span className="multi-select-swatch" style={{ background: o.color }} /> : null
              }
              shouldDismissPopover={false}
              onClick={() => toggle(o.id)}
              data-testid={testId && `${testId}-option`}
            />
          ))}
        </Menu>
      }
    >
      <Button size="small" variant="outlined" endIcon="caret-down" data-testid={testId}>
        {label} {selected.length > 0 && `(${selected.length})`}
      </Button>
    </PopoverNext>
  );
}
