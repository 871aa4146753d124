export { AccountForm } from './AccountForm';
export { AccountFormPage } from './AccountFormPage';
export { CustomersPage } from './CustomersPage';
