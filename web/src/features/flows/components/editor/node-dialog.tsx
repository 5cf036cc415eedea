import type { FlowNodeType, NodeDataByType } from '../../lib/node-data.ts';
import { ContentDialog } from './dialogs/content-dialog.tsx';
import { MediaDialog } from './dialogs/media-dialog.tsx';
import { MenuDialog } from './dialogs/menu-dialog.tsx';
import type { DialogMode } from './dialogs/node-form-dialog.tsx';
import { OpenAiDialog } from './dialogs/openai-dialog.tsx';
import { TicketDialog, TypebotDialog } from './dialogs/pick-dialogs.tsx';
import {
  IntervalDialog,
  MessageDialog,
  QuestionDialog,
  RandomizerDialog,
} from './dialogs/simple-dialogs.tsx';

/** Which dialog is open: a type in create mode, or a node (its id) in edit mode. */
export type OpenDialog = { type: FlowNodeType; mode: DialogMode; nodeId?: string; data?: unknown };

interface Props {
  open: OpenDialog;
  onSave: (data: NodeDataByType[FlowNodeType]) => void;
  onClose: () => void;
}

/** Doc 2 §2.16: the edit dialog of each node type (start and condition have none). */
export function NodeDialog({ open, onSave, onClose }: Props) {
  const common = { mode: open.mode, onSave: onSave as (d: unknown) => void, onClose };
  const data = open.data as never;
  switch (open.type) {
    case 'message':
      return <MessageDialog {...common} data={data} />;
    case 'interval':
      return <IntervalDialog {...common} data={data} />;
    case 'menu':
      return <MenuDialog {...common} data={data} />;
    case 'randomizer':
      return <RandomizerDialog {...common} data={data} />;
    case 'img':
    case 'audio':
    case 'video':
      return <MediaDialog {...common} kind={open.type} data={data} />;
    case 'singleBlock':
      return <ContentDialog {...common} data={data} />;
    case 'ticket':
      return <TicketDialog {...common} data={data} />;
    case 'typebot':
      return <TypebotDialog {...common} data={data} />;
    case 'openai':
      return <OpenAiDialog {...common} data={data} />;
    case 'question':
      return <QuestionDialog {...common} data={data} />;
    case 'start':
    case 'condition':
      return null;
  }
}
