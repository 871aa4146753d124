export { AccountStatistics } from './AccountStatistics';
export { DashboardPage } from './DashboardPage';
