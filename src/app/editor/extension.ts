import {
  autocompletion,
  type Completion,
  type CompletionContext,
  type CompletionResult,
  completionStatus,
} from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { type Diagnostic as LintDiagnostic, linter } from '@codemirror/lint';
import { type Extension, Prec, type Range, StateEffect } from '@codemirror/state';
import {
  Decoration,
  type DecorationSet,
  EditorView,
  keymap,
  type PluginValue,
  placeholder,
  ViewPlugin,
  type ViewUpdate,
} from '@codemirror/view';
import type { DatasetField } from '../../api';
import type { Diagnostic, QueryClause } from '../../odsql';
import { type ClauseCompletion, completeClause } from './completion';
import { highlightClause, type TokenStyle } from './highlight';
import { diagnosticText } from './messages';

export interface ServerMark {
  readonly from: number;
  readonly to: number;
  readonly message: string;
}

/** What one clause editor needs from the query panel around it. */
export interface ClauseSupport {
  readonly clause: QueryClause;
  readonly fields: readonly DatasetField[];
  readonly placeholder: string;
  /** The clause's problems for this text, the other clauses as they stand now. */
  lint(text: string): readonly Diagnostic[];
  /** The server's 400 for this clause, while the text is the one the server refused. */
  serverMark(text: string): ServerMark | undefined;
  /** Runs the query (Enter, Ctrl/Cmd+Enter). */
  run(): void;
}

const MARKS: Readonly<Record<TokenStyle, Decoration>> = {
  keyword: Decoration.mark({ class: 'cm-odsql-keyword' }),
  function: Decoration.mark({ class: 'cm-odsql-function' }),
  field: Decoration.mark({ class: 'cm-odsql-field' }),
  string: Decoration.mark({ class: 'cm-odsql-string' }),
  number: Decoration.mark({ class: 'cm-odsql-number' }),
  literal: Decoration.mark({ class: 'cm-odsql-literal' }),
  operator: Decoration.mark({ class: 'cm-odsql-operator' }),
  invalid: Decoration.mark({ class: 'cm-odsql-invalid' }),
};

/** Highlighting from the project's lexer; a clause is short, so it is lexed whole on each change. */
function highlighter(fieldNames: ReadonlySet<string>): Extension {
  const build = (view: EditorView): DecorationSet => {
    const marks: Range<Decoration>[] = highlightClause(view.state.doc.toString(), fieldNames).map((s) =>
      MARKS[s.style].range(s.from, s.to),
    );
    return Decoration.set(marks, true);
  };
  class Highlighter implements PluginValue {
    decorations: DecorationSet;
    constructor(view: EditorView) {
      this.decorations = build(view);
    }
    update(update: ViewUpdate): void {
      if (update.docChanged) this.decorations = build(update.view);
    }
  }
  return ViewPlugin.fromClass(Highlighter, { decorations: (p) => p.decorations });
}

const COMPLETION_TYPES: Readonly<Record<ClauseCompletion['type'], string>> = {
  field: 'variable',
  function: 'function',
  keyword: 'keyword',
};

function completionSource(support: ClauseSupport) {
  return (context: CompletionContext): CompletionResult | null => {
    const text = context.state.doc.toString();
    const found = completeClause(text, context.pos, support.clause, support.fields, context.explicit);
    if (!found) return null;
    const options: Completion[] = found.options.map((o) => ({
      label: o.label,
      apply: o.apply,
      type: COMPLETION_TYPES[o.type],
      ...(o.detail ? { detail: o.detail } : {}),
      ...(o.info ? { info: o.info } : {}),
      // Fields first: they are what a query names most.
      boost: o.type === 'field' ? 1 : 0,
    }));
    return { from: found.from, to: found.to, options, validFor: /^\w*$/ };
  };
}

function clamped(text: string, from: number, to: number): { from: number; to: number } {
  const start = Math.min(Math.max(0, from), text.length);
  return { from: start, to: Math.min(Math.max(to, start), text.length) };
}

/**
 * The lint source: the local checks, or the server's 400 when they found nothing (a portal may know
 * more than this checker).
 */
export function lintDiagnostics(support: ClauseSupport, text: string): LintDiagnostic[] {
  const local = support.lint(text).map(
    (d): LintDiagnostic => ({
      ...clamped(text, d.from, d.to),
      severity: 'error',
      message: diagnosticText(d),
      source: 'ODSQL',
    }),
  );
  const server = support.serverMark(text);
  if (local.length > 0 || !server) return local;
  return [
    {
      ...clamped(text, server.from, server.to),
      severity: 'error',
      message: server.message,
      source: 'Explore API',
    },
  ];
}

/**
 * Asks the clause to be checked again although its text did not change: another clause changed
 * (select depends on group_by), or the server answered.
 */
export const recheckClause = StateEffect.define<null>();

const needsRefresh = (update: ViewUpdate): boolean =>
  update.transactions.some((tr) => tr.effects.some((e) => e.is(recheckClause)));

/** Everything a clause editor is made of: highlighting, completion, checking and keys. */
export function odsqlClause(support: ClauseSupport): Extension {
  const runKey = () => {
    support.run();
    return true;
  };
  return [
    history(),
    EditorView.lineWrapping,
    placeholder(support.placeholder),
    EditorView.contentAttributes.of({ 'aria-label': support.clause, spellcheck: 'false' }),
    highlighter(new Set(support.fields.map((f) => f.name))),
    autocompletion({ override: [completionSource(support)], icons: false }),
    // Marks wait for a pause in typing, as the problems list does (QueryPanel's CHECK_DELAY_MS).
    linter((view) => lintDiagnostics(support, view.state.doc.toString()), { delay: 600, needsRefresh }),
    Prec.highest(
      keymap.of([
        { key: 'Mod-Enter', run: runKey },
        // Enter runs, as in a search box, unless it is choosing a completion; Shift+Enter breaks the line.
        { key: 'Enter', run: (view) => (completionStatus(view.state) === 'active' ? false : runKey()) },
      ]),
    ),
    keymap.of([...historyKeymap, ...defaultKeymap]),
  ];
}
