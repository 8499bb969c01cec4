import { compileAggregate } from './aggregates';
import type { ExpressionCompilers } from './context';
import { compileCondition } from './predicates';
import { compileValue } from './values';

/** The expression compilers every scope carries (see ExpressionCompilers in context.ts). */
export const EXPRESSION_COMPILERS: ExpressionCompilers = {
  value: compileValue,
  condition: compileCondition,
  aggregate: compileAggregate,
};
