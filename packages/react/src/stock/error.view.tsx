import { ErrorScreen } from '../stockScreens';
import { stockStrings } from '../stockStrings';

export const View = () => <ErrorScreen words={stockStrings.error} />;
