import { lazy, Suspense } from 'react';
import { LoadingState } from '../../components/LoadingState.tsx';
import type { TodoFormProps } from './TodoForm.tsx';

// The form carries the rich-text editor (tiptap) and the date picker: loaded only when a form opens,
// so the dashboard's first load stays small.
const TodoFormImpl = lazy(() => import('./TodoForm.tsx').then((m) => ({ default: m.TodoForm })));

/** The to-do form, loaded on first use ('Loading...' meanwhile). */
export function LazyTodoForm(props: TodoFormProps) {
  return (
    <Suspense fallback={<LoadingState />}>
      <TodoFormImpl {...props} />
    </Suspense>
  );
}
