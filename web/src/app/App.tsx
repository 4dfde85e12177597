import { Box, Button, Container, Flex, Heading } from '@chakra-ui/react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { BookList } from '../features/catalog/BookList';
import { storedLocale, switchLocale } from '../lib/i18n';

export function App() {
  const { t } = useTranslation();
  return (
    <Box>
      <Flex as="header" px={6} py={3} borderBottomWidth="1px" align="center" justify="space-between">
        <Heading size="md">{t('nav.publication')}</Heading>
        <Button size="sm" variant="outline" onClick={() => switchLocale(storedLocale() === 'zh' ? 'en' : 'zh')}>
          {t('nav.language')}
        </Button>
      </Flex>
      <Container maxW="6xl" py={8}>
        <Routes>
          <Route path="/" element={<Navigate to="/index" replace />} />
          <Route path="/index" element={<BookList />} />
          <Route path="*" element={<Navigate to="/index" replace />} />
        </Routes>
      </Container>
    </Box>
  );
}
