import type { Linter } from 'eslint';

export declare const apiLayering: Linter.Config[];
export declare const webLayering: Linter.Config[];
