/** The course search's public entry (docs/search.md): the search box of a coach's pages. */
export { CourseSearch } from './CourseSearch.tsx';
