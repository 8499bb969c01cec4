import { useEffect, useEffectEvent, useRef, useState } from 'react';

/**
 * A text input whose value is committed after a pause in typing (or at once on demand), and which
 * follows the committed value when it changes from elsewhere (back button, a removed chip).
 */
export function useDebouncedCommit(committed: string, commit: (text: string) => void, delayMs: number) {
  const [draft, setDraft] = useState(committed);
  const last = useRef(committed);
  const onCommit = useEffectEvent((text: string) => {
    last.current = text;
    commit(text);
  });

  useEffect(() => {
    if (committed !== last.current) {
      last.current = committed;
      setDraft(committed);
    }
  }, [committed]);

  useEffect(() => {
    const text = draft.trim();
    if (text === last.current) return;
    const timer = window.setTimeout(() => onCommit(text), delayMs);
    return () => window.clearTimeout(timer);
  }, [draft, delayMs]);

  const commitNow = (text: string) => {
    setDraft(text);
    if (text.trim() !== last.current) onCommit(text.trim());
  };
  return { draft, setDraft, commitNow };
}
