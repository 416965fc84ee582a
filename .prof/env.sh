export TEST_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres
