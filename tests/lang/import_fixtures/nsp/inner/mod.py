X = "namespace module"
