/**
 * The UI pieces the back-office shares with the portal: imported from their one home,
 * portal/src/components/ui (and the portal's theme and toast state), never copied.
 */
export { Badge } from '../../portal/src/components/ui/badge';
export { Button, buttonClasses } from '../../portal/src/components/ui/button';
export { Card, CardBody, CardHeader, CardTitle } from '../../portal/src/components/ui/card';
export { cn } from '../../portal/src/components/ui/cn';
export { Dialog } from '../../portal/src/components/ui/dialog';
export { Field } from '../../portal/src/components/ui/field';
export * from '../../portal/src/components/ui/icons';
export { Input, Textarea } from '../../portal/src/components/ui/input';
export { Select, type SelectOption } from '../../portal/src/components/ui/select';
export { PageSpinner, Spinner } from '../../portal/src/components/ui/spinner';
export { Tabs, TabsContent, TabsList, TabsTrigger } from '../../portal/src/components/ui/tabs';
export { Toaster } from '../../portal/src/components/ui/toaster';
export { LogoMark } from '../../portal/src/components/logo';
export { showToast } from '../../portal/src/state/toasts';
export { applyTheme, followSystemTheme, theme, toggleTheme } from '../../portal/src/state/theme';
export { useSignalValue } from '../../portal/src/state/use-signal-value';
export { ApiError, isApiError } from '../../portal/src/api/api-error';
export { createQueryClient } from '../../portal/src/api/query-client';
