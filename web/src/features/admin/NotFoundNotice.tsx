/** The not-found notice lives with the shared components (orders and profiles use it too). */
export { isNotFound, isWellFormedId, NotFoundNotice } from '../../components/NotFoundNotice';
