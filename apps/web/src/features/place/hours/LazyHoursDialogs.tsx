import { lazy, Suspense, type ComponentProps } from 'react';
import { lazyModule } from '../../../lib/lazy-module';
import type { HoursEditorDialog } from './HoursEditorDialog';
import type { HoursHistoryDialog } from './HoursHistoryDialog';

const editorModule = lazyModule(() => import('./HoursEditorDialog'));
const HoursEditorChunk = lazy(() => editorModule.load().then((module) => ({ default: module.HoursEditorDialog })));
const HoursHistoryChunk = lazy(() => import('./HoursHistoryDialog').then((module) => ({ default: module.HoursHistoryDialog })));

/** Starts loading the editor's code when the pointer reaches 'Edit hours', so the dialog opens without a wait. */
export const preloadHoursEditor = editorModule.preload;

/**
 * The hours editor, its code (the weekly grid, the contracts' `opening_hours` writer and checks) loaded when first
 * opened: few visitors of a place page edit its hours.
 */
export function LazyHoursEditorDialog(props: ComponentProps<typeof HoursEditorDialog>) {
  return (
    <Suspense fallback={null}>
      <HoursEditorChunk {...props} />
    </Suspense>
  );
}

/** A place's hours history, its code loaded when first opened. */
export function LazyHoursHistoryDialog(props: ComponentProps<typeof HoursHistoryDialog>) {
  return (
    <Suspense fallback={null}>
      <HoursHistoryChunk {...props} />
    </Suspense>
  );
}
