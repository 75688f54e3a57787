// Async boundary: shared singletons must be negotiated before React is evaluated.
void import('./bootstrap');
