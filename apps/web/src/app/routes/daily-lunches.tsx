import { DailyLunchesPage } from '../../features/marketing/components/daily-lunches-page';

/** /daily-lunches */
export const Component = DailyLunchesPage;
