// Async boundary: Module Federation negotiates shared singletons before React loads.
void import('./bootstrap');
