import { forceLinting } from '@codemirror/lint';
import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { useEffect, useRef } from 'react';
import { type ClauseSupport, odsqlClause, recheckClause } from './extension';

/** Where a refused run points: a problem's span in one clause; `seq` tells one refusal from the next. */
export interface ClausePointer {
  readonly clause: string;
  readonly from: number;
  readonly to: number;
  readonly seq: number;
}

interface ClauseEditorProps {
  readonly support: ClauseSupport;
  readonly value: string;
  readonly onChange: (text: string) => void;
  /**
   * Changes when the checks of this clause may have changed without its text changing: another
   * clause was edited (select depends on group_by), or the server answered.
   */
  readonly recheck: string;
  /** The problem a refused run points at, in this clause: the caret goes there and its mark shows at once. */
  readonly point?: ClausePointer | undefined;
}

/**
 * One clause in a CodeMirror editor. React never owns the editor: it is created once, and the value,
 * checks and server marks are pushed into it as changes.
 */
export function ClauseEditor({ support, value, onChange, recheck, point }: ClauseEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  // The editor's callbacks read the latest props without being rebuilt.
  const latest = useRef({ support, onChange });
  latest.current = { support, onChange };

  // biome-ignore lint/correctness/useExhaustiveDependencies: created once; later values arrive through the effects below
  useEffect(() => {
    const proxy: ClauseSupport = {
      clause: support.clause,
      fields: support.fields,
      placeholder: support.placeholder,
      lint: (text) => latest.current.support.lint(text),
      serverMark: (text) => latest.current.support.serverMark(text),
      run: () => latest.current.support.run(),
    };
    const editor = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          odsqlClause(proxy),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) latest.current.onChange(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
  }, []);

  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    const current = editor.state.doc.toString();
    if (current !== value) editor.dispatch({ changes: { from: 0, to: current.length, insert: value } });
  }, [value]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: recheck is the trigger itself
  useEffect(() => {
    view.current?.dispatch({ effects: recheckClause.of(null) });
  }, [recheck]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: point.seq names each refusal
  useEffect(() => {
    const editor = view.current;
    if (!editor || !point) return;
    const length = editor.state.doc.length;
    const from = Math.min(Math.max(0, point.from), length);
    const to = Math.min(Math.max(point.to, from), length);
    editor.dispatch({ selection: { anchor: from, head: to }, scrollIntoView: true });
    editor.focus();
    // The mark shows now rather than after the pause the linter waits for while typing.
    forceLinting(editor);
  }, [point?.seq]);

  return <div className="clause-editor" ref={host} />;
}
