import { createContext, useContext } from 'react';

/** What a node's own buttons do, provided by the editor page to every node on the canvas. */
export interface EditorActions {
  edit: (id: string) => void;
  duplicate: (id: string) => void;
  remove: (id: string) => void;
}

export const EditorActionsContext = createContext<EditorActions>({
  edit: () => {},
  duplicate: () => {},
  remove: () => {},
});

export const useEditorActions = () => useContext(EditorActionsContext);
