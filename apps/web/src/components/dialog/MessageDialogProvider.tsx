import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { MessageDialog } from './MessageDialog';

export interface DialogContent {
  title: string;
  body: ReactNode;
  progress?: boolean;
}

interface MessageDialogApi {
  showMessage: (content: DialogContent) => void;
  closeMessage: () => void;
}

const MessageDialogContext = createContext<MessageDialogApi | null>(null);

/** One dialog for the whole app, opened from anywhere with useMessageDialog(). */
export function MessageDialogProvider({ children }: { children: ReactNode }) {
  const [content, setContent] = useState<DialogContent | null>(null);
  const closeMessage = useCallback(() => setContent(null), []);
  const api = useMemo(() => ({ showMessage: setContent, closeMessage }), [closeMessage]);
  return (
    <MessageDialogContext.Provider value={api}>
      {children}
      {content && <MessageDialog key={content.title + String(content.progress)} {...content} onClose={closeMessage} />}
    </MessageDialogContext.Provider>
  );
}

export function useMessageDialog(): MessageDialogApi {
  const api = useContext(MessageDialogContext);
  if (!api) throw new Error('useMessageDialog needs a MessageDialogProvider');
  return api;
}
